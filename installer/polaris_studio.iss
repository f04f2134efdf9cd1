; Inno Setup 6 script: installs the PyInstaller bundle (dist\PolarisStudio) for the current user, no admin.
; Built by `python installer\build.py` on Windows, which passes the version and the bundle's folder:
;   ISCC.exe /DAppVersion=0.1.0 /DBundleDir=C:\...\dist\PolarisStudio /OC:\...\dist installer\polaris_studio.iss

#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#ifndef BundleDir
  #define BundleDir "..\dist\PolarisStudio"
#endif
#define AppName "Polaris Studio"
#define AppExe "PolarisStudio.exe"
#define DriverUrl "https://www.amd.com/en/support/download/drivers.html"

[Setup]
; a fixed AppId: upgrades replace the old version instead of installing beside it
AppId={{6F1C2A52-3D7B-4E0B-9B7A-50C1A5A7D1E3}
AppName={#AppName}
AppVersion={#AppVersion}
AppPublisher=Polaris Studio
AppPublisherURL=https://github.com/leejet/stable-diffusion.cpp
VersionInfoVersion={#AppVersion}
; per user, without admin rights: %LOCALAPPDATA%\Programs\Polaris Studio; the user may still choose
; "install for all users" (Program Files, read-only for the app: it writes only to per-user folders)
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName}
SetupIconFile=..\resources\icons\polaris_studio.ico
OutputBaseFilename=PolarisStudio-{#AppVersion}-setup
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
; Windows 10 or later: the Vulkan build of sd.cpp and Qt 6 need it
MinVersion=10.0

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
; the whole bundle: PolarisStudio.exe, _internal\ (Python, Qt, resources\, backend_bin\sd-cli.exe and its DLLs)
Source: "{#BundleDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent

[UninstallDelete]
; only what the app itself put beside the program; the user's folders are handled in [Code] below
Type: filesandordirs; Name: "{app}\_internal\__pycache__"

[Code]
// The Vulkan runtime (vulkan-1.dll) comes with the graphics driver; without it nothing can run.
function VulkanRuntimePresent(): Boolean;
begin
  Result := FileExists(ExpandConstant('{sys}\vulkan-1.dll'));
end;

function InitializeSetup(): Boolean;
var
  ErrorCode: Integer;
begin
  Result := True;
  if not VulkanRuntimePresent() then
  begin
    if MsgBox('Polaris Studio needs Vulkan, which comes with your graphics driver, but vulkan-1.dll was not '
      + 'found on this PC.' + #13#10#13#10
      + 'Install the current AMD Software: Adrenalin Edition driver for your Radeon RX 470/480/570/580/590, '
      + 'restart, and run this setup again.' + #13#10#13#10
      + 'Open the AMD driver page now? (Choose No to install anyway.)',
      mbError, MB_YESNO) = IDYES then
    begin
      ShellExec('open', '{#DriverUrl}', '', '', SW_SHOWNORMAL, ewNoWait, ErrorCode);
      Result := False;
    end;
  end;
end;

// Images (Pictures\Polaris Studio) and models (%LOCALAPPDATA%\Polaris Studio\models) belong to the user:
// they stay unless the user says otherwise. Caches and the gallery index go with the user's data folder.
procedure CurUninstallStepChanged(CurUninstallStep: TUninstallStep);
var
  DataDir: String;
begin
  if CurUninstallStep = usPostUninstall then
  begin
    DataDir := ExpandConstant('{localappdata}\{#AppName}');
    if DirExists(DataDir) and not UninstallSilent() then
      if MsgBox('Also delete your downloaded models, the gallery index and caches in' + #13#10 + DataDir
        + '?' + #13#10#13#10 + 'Your images in Pictures\{#AppName} are kept either way.',
        mbConfirmation, MB_YESNO or MB_DEFBUTTON2) = IDYES then
        DelTree(DataDir, True, True, True);
  end;
end;
